// The content hash with node's native SHA-256 (node/sha256.ts): the same value as core/format/hash.ts
// contentHash (SHA-256 in lower-case hex of contentJson), several times faster on a large print or a
// desk report. The canonical JSON is hashed as the bytes core/format/canonical-bytes.ts writes,
// without making the text (see there).
import { canonicalBytes } from '../core/format/canonical-bytes';
import { contentView } from '../core/format/hash';
import { sha256Native } from './sha256';

export const nativeContentHash = (value: unknown): string => sha256Native(canonicalBytes(contentView(value)));
