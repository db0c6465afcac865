import type { Catalog } from "./catalog.js";

/** How many times likelier a request to change something must be than a sibling that only reads. */
const WRITE_LEAD = 1.5;

/**
 * A within-group swap would answer a request to change something with a sibling that only reads
 * (the tools' `effects`): "a timer for the bread" lists no timers, "ad milk to the list" does not
 * show it. Only when the first reading clearly leads: nearly tied ("all alarms"), the reading may
 * be what was meant. The caller asks for the first reading's values instead of acting.
 */
export function writeBecomesRead(
  catalog: Catalog,
  first: { label: string; probability: number },
  candidate: { tool: string; probability: number },
): boolean {
  return (
    !catalog.readsOnly.has(first.label) &&
    catalog.readsOnly.has(candidate.tool) &&
    first.probability >= candidate.probability * WRITE_LEAD
  );
}
