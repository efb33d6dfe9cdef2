// Argument schemas the areas of the IPC contract share.
import * as z from 'zod';

export const path = z.string().min(1).max(4096);
export const loose = z.looseObject({});
