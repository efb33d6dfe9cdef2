// Test support (not shipped): the real file system with what a command writes kept for the test to read.
import { nodeIo, type Io } from '../io';

export function captureIo(): Io & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return { ...nodeIo(), out: (t) => void (out += t), err: (t) => void (err += t), stdout: () => out, stderr: () => err };
}
