// Folders the end-to-end suite uses.
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
export const RENDERER_DIST = `${ROOT}/dist/renderer`;
export const EXAMPLES = `${ROOT}/assets/examples`;
export const ARTIFACTS = `${ROOT}/e2e/artifacts`;
export const SCREENS = `${ROOT}/docs/screens`;
/** The system Chromium (installed by the CI script; see DEVELOPERS.md). */
export const CHROMIUM = process.env.QM_CHROMIUM ?? '/usr/bin/chromium';
