/**
 * The ingest directory's entries. Each reachable entry gets its own RTMP server on 127.0.0.1
 * (see ingest-listeners.ts); `reachable: false` entries point at a port nobody listens on.
 * The order is the one a viewer on the US west coast would get; the first entry is OBS's "Auto".
 */
export interface IngestServerDefinition {
  id: number;
  name: string;
  availability: number;
  default: boolean;
  priority: number;
  reachable: boolean;
}

export const INGEST_SERVER_DEFINITIONS: readonly IngestServerDefinition[] = [
  { id: 24, name: 'US West: San Francisco, CA', availability: 1.0, default: true, priority: 1, reachable: true },
  { id: 31, name: 'US West: Seattle, WA', availability: 1.0, default: false, priority: 2, reachable: true },
  { id: 35, name: 'US West: Los Angeles, CA', availability: 1.0, default: false, priority: 3, reachable: true },
  { id: 28, name: 'US Central: Dallas, TX', availability: 1.0, default: false, priority: 4, reachable: true },
  { id: 22, name: 'US East: Ashburn, VA', availability: 1.0, default: false, priority: 5, reachable: true },
  { id: 26, name: 'US East: New York, NY', availability: 1.0, default: false, priority: 6, reachable: true },
  { id: 40, name: 'NA: Toronto, CA', availability: 1.0, default: false, priority: 7, reachable: true },
  { id: 19, name: 'EU Central: Frankfurt, DE', availability: 1.0, default: false, priority: 8, reachable: true },
  { id: 17, name: 'EU West: London, UK', availability: 1.0, default: false, priority: 9, reachable: true },
  { id: 18, name: 'EU West: Amsterdam, NL', availability: 1.0, default: false, priority: 10, reachable: true },
  { id: 44, name: 'South America: Sao Paulo, BR', availability: 1.0, default: false, priority: 11, reachable: true },
  { id: 47, name: 'Asia: Tokyo, JP', availability: 1.0, default: false, priority: 12, reachable: true },
  { id: 51, name: 'Australia: Sydney, AU', availability: 1.0, default: false, priority: 13, reachable: true },
  { id: 53, name: 'Asia: Singapore, SG', availability: 1.0, default: false, priority: 14, reachable: false },
  { id: 12, name: 'US East: Miami, FL (deprecated)', availability: 0.5, default: false, priority: 15, reachable: false },
];

/** A directory entry with the loopback address its RTMP server listens on. */
export interface IngestServer extends IngestServerDefinition {
  host: string;
  port: number;
}
