// Zod 4 compiles each object schema's parser with `new Function` on its first parse. A command runs
// for a second or two, so compiling costs more than it saves (bench/check.bench.mjs); jitless mode
// parses without compiling. The mode is read when a schema is built: imported first by main.ts,
// before any command module (and its schemas) loads.
import * as z from 'zod';

z.config({ jitless: true });
