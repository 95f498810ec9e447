// A workload's calls as explain shows them: each Service port it names, the proxies of the pods
// behind it, and their mTLS mode on that port. The facts the traffic rules judge, shown whole.
import { describeResource } from '../workload.ts';
import type { Call } from './inputs.ts';

export interface CallSummary {
  /** The address as written. */
  readonly text: string;
  /** Where it is written, when not in the pod template itself (a ConfigMap it reads). */
  readonly from?: string;
  readonly service: string;
  readonly port: number;
  /** What the pods behind the port run: sidecar, ambient, gateway, no proxy, mixed, unknown, or no pod among the inputs. */
  readonly server: string;
  /** Their mode on the port (STRICT, PERMISSIVE, DISABLE), mixed, or unknown (a pod names no such port); none for pods without a proxy. */
  readonly mode?: string;
}

const PROXY_WORDS = { sidecar: 'sidecar', ztunnel: 'ambient', none: 'no proxy', unknown: 'unknown' } as const;

export function callSummary(c: Call): CallSummary {
  const words = new Set(c.pods.map((p) => (p.gateway ? 'gateway' : PROXY_WORDS[p.proxy])));
  const server = c.pods.length === 0 ? 'no pod among the inputs' : words.size === 1 ? ([...words][0] as string) : words.has('unknown') ? 'unknown' : 'mixed';
  const proxied = c.pods.length > 0 && c.pods.every((p) => p.proxy === 'sidecar' || p.proxy === 'ztunnel');
  const modes = new Set(c.modes?.map((m) => m.mode));
  const mode = !proxied ? undefined : c.modes === undefined ? 'unknown' : modes.size === 1 ? ([...modes][0] as string) : 'mixed';
  return {
    text: c.ref.text,
    ...(c.ref.resource ? { from: describeResource(c.ref.resource) } : {}),
    service: `Service ${c.service.namespace}/${c.service.name}`,
    port: c.port.port,
    server,
    ...(mode !== undefined ? { mode } : {}),
  };
}
