/**
 * One place that can stop everything in flight: every tool call and pending confirmation
 * registers a controller here; `killAll` aborts them all at once.
 */
export class KillSwitch {
  private readonly inFlight = new Set<AbortController>();

  track(): { controller: AbortController; release(): void } {
    const controller = new AbortController();
    this.inFlight.add(controller);
    return { controller, release: () => this.inFlight.delete(controller) };
  }

  killAll(reason = "killed by user"): number {
    const count = this.inFlight.size;
    for (const controller of this.inFlight) controller.abort(new DOMException(reason, "AbortError"));
    this.inFlight.clear();
    return count;
  }

  get activeCount(): number {
    return this.inFlight.size;
  }
}
