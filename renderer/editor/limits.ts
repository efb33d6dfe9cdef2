// Field length limits for the form controls, read from the file format's schema so they live once.
import { characterObjectSchema } from '../../core/model/character';

const shape = characterObjectSchema.shape;

export const NAME_MAX = shape.name.maxLength ?? undefined;
export const PLAYER_MAX = shape.player.unwrap().maxLength ?? undefined;
export const NOTES_MAX = shape.notes.unwrap().maxLength ?? undefined;
