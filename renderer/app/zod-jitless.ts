// The page's Content-Security-Policy forbids eval. Zod 4 would probe `new Function` when its first
// object schema is built (a reported CSP violation, even though it catches the error) and compile
// parsers with it; jitless mode does neither. Imported first by main.tsx, before any schema exists.
import { z } from 'zod';

z.config({ jitless: true });
