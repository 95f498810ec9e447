// Paced garbage collection while a large input is parsed. V8 lets the parsers' short-lived
// garbage pile up to hundreds of megabytes before it collects, and peak memory, not the live
// set, is what a CI runner's limit sees. So, on a run that reads a few megabytes or more, the
// heap is looked at every megabyte of text parsed, and a full collection is run when it holds
// more than a tenth of the live set plus 24 MB of garbage. The allowance grows with the live
// set, so the number of collections, and their cost, grow in proportion to the input; peak
// memory grows with the input too, never with the choice of how it is parsed. (A quarter plus
// 48 MB let a 50 MB file peak 45 MB higher; the tighter allowance cost it 3% more time, and the
// corpus about 0.15 s more of collection pauses over a 10 s run.)
import { garbageCollector, v8 } from '../common/builtins.ts';
import { parseFile } from './yaml.ts';
import type { ParsedDocument, SourceFile } from '../common/types.ts';

/** Below this much text in a run, its garbage stays small anyway: no pacing. */
export const PACE_MIN_BYTES = 2_000_000;
/** How often the heap is looked at, in text parsed; and the garbage allowed over the live set. */
const PACE_CHECK_BYTES = 1_000_000;
const GARBAGE_FACTOR = 0.1;
const GARBAGE_BYTES = 24_000_000;

type DocumentsOf = (file: SourceFile, parsed?: ReadonlyMap<number, readonly ParsedDocument[]>) => Iterable<ParsedDocument>;

/**
 * `inner` (default: parseFile) with paced collections, for runs whose inputs hold PACE_MIN_BYTES
 * of text or more; `inner` itself otherwise, or where the engine does not expose a collector.
 */
export function pacedCollection(files: readonly SourceFile[], inner: DocumentsOf | undefined): DocumentsOf | undefined {
  let total = 0;
  for (const f of files) total += f.text.length;
  if (total < PACE_MIN_BYTES) return inner;
  const collect = garbageCollector();
  if (!collect) return inner;
  // The first collection frees what reading left behind (a file's bytes, once decoded).
  collect();
  const { getHeapStatistics } = v8();
  let live = getHeapStatistics().used_heap_size;
  let since = 0;
  return function* paced(file, parsed) {
    for (const doc of (inner ?? parseFile)(file, parsed)) {
      since += doc.endOffset - doc.startOffset;
      if (since >= PACE_CHECK_BYTES) {
        since = 0;
        if (getHeapStatistics().used_heap_size > live * (1 + GARBAGE_FACTOR) + GARBAGE_BYTES) {
          collect();
          live = getHeapStatistics().used_heap_size;
        }
      }
      yield doc;
    }
  };
}
