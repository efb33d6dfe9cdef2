// Types of the generated validator (scripts/gen-validators.mjs). It fills in defaults in place.
export declare const validateCharacter: ((value: unknown) => boolean) & { errors?: unknown[] | null };
