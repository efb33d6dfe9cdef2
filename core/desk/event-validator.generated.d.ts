// Types of the generated validator (scripts/gen-validators.mjs). It fills in defaults in place.
export declare const validateEventSchema: ((value: unknown) => boolean) & { errors?: unknown[] | null };
