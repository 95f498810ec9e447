// Reading LSP messages strictly. The base protocol frames each message as header lines
// ("Name: value", CRLF), an empty line, then Content-Length bytes of UTF-8 JSON. A frame that
// breaks those rules cannot be skipped (where the next one starts is unknown): vscode-jsonrpc's
// reader then reports an error and waits forever, so the editor sees a server that stops
// answering. This reader reports the broken frame, and the server ends the connection.
import type { Readable } from 'node:stream';
import { AbstractMessageReader, type DataCallback, type Disposable, type Message } from 'vscode-languageserver/node';

/** No client sends headers this long: more means the stream is not LSP. */
export const MAX_HEADER_BYTES = 8 * 1024;
/** Larger than any document an editor syncs (V8's longest string is about 512 MiB). */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

export class FrameError extends Error {}

const HEADER_END = Buffer.from('\r\n\r\n');
const decoder = new TextDecoder('utf-8', { fatal: true });

/** The body length a header block (without its final empty line) announces; throws FrameError when it breaks the protocol. */
export function contentLengthOf(header: string): number {
  let length: number | undefined;
  for (const line of header.split('\r\n')) {
    const m = /^([!#$%&'*+.^`|~\w-]+):[ \t]*(.*?)[ \t]*$/.exec(line);
    if (!m) throw new FrameError(`malformed header line ${JSON.stringify(line.slice(0, 80))}`);
    const name = (m[1] as string).toLowerCase();
    const value = m[2] as string;
    if (name === 'content-length') {
      if (length !== undefined) throw new FrameError('two Content-Length headers');
      if (!/^\d{1,15}$/.test(value)) throw new FrameError(`Content-Length ${JSON.stringify(value.slice(0, 40))} is not a byte count`);
      length = Number(value);
      if (length > MAX_MESSAGE_BYTES) throw new FrameError(`Content-Length ${length} is over the ${MAX_MESSAGE_BYTES}-byte limit`);
    } else if (name === 'content-type') {
      const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(value)?.[1]?.toLowerCase();
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') throw new FrameError(`unsupported charset ${JSON.stringify(charset)}`);
    }
  }
  if (length === undefined) throw new FrameError('no Content-Length header');
  return length;
}

/** One message's body: a JSON object in UTF-8. */
export function messageOf(body: Uint8Array): Message {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(body));
  } catch (e) {
    throw new FrameError(`the message is not UTF-8 JSON (${e instanceof Error ? e.message.slice(0, 80) : 'error'})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new FrameError('the message is not a JSON object');
  return value as Message;
}

export class StrictMessageReader extends AbstractMessageReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** The body length of the frame being read, once its header is in. */
  private bodyLength: number | undefined;
  private failed = false;

  constructor(private readonly input: Readable) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    const onData = (chunk: Buffer): void => this.onData(chunk, callback);
    const onEnd = (): void => this.fireClose();
    const onError = (e: Error): void => this.fireError(e);
    this.input.on('data', onData);
    this.input.on('end', onEnd);
    this.input.on('close', onEnd);
    this.input.on('error', onError);
    return {
      dispose: () => {
        this.input.off('data', onData);
        this.input.off('end', onEnd);
        this.input.off('close', onEnd);
        this.input.off('error', onError);
      },
    };
  }

  private onData(chunk: Buffer, callback: DataCallback): void {
    if (this.failed) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    try {
      for (;;) {
        if (this.bodyLength === undefined) {
          // Only the head of the buffer is joined to look for the header's end: a large body arrives in many chunks.
          const head = Buffer.concat(this.chunks, Math.min(this.buffered, MAX_HEADER_BYTES + HEADER_END.length));
          const end = head.indexOf(HEADER_END);
          if (end === -1) {
            if (this.buffered > MAX_HEADER_BYTES) throw new FrameError(`no end of headers within ${MAX_HEADER_BYTES} bytes`);
            return;
          }
          const header = head.subarray(0, end);
          if (header.some((b) => b > 0x7e)) throw new FrameError('headers are not ASCII');
          this.bodyLength = contentLengthOf(header.toString('latin1'));
          this.take(end + HEADER_END.length);
        }
        if (this.buffered < this.bodyLength) return;
        const body = this.take(this.bodyLength);
        this.bodyLength = undefined;
        callback(messageOf(body));
      }
    } catch (e) {
      this.failed = true;
      this.chunks = [];
      this.buffered = 0;
      this.fireError(e);
    }
  }

  /** Removes and returns the first `n` bytes buffered. */
  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.buffered);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return out;
  }
}
