import type { ModelMessage } from "ai";

/**
 * The run's own conversation with its proposer: the messages after the turn's prefix (each
 * proposal and the observations answering it) and the round it is in.
 */
export class Transcript implements Iterable<ModelMessage> {
  readonly messages: ModelMessage[] = [];
  round = 0;

  push(...messages: ModelMessage[]): void {
    this.messages.push(...messages);
  }

  [Symbol.iterator](): Iterator<ModelMessage> {
    return this.messages[Symbol.iterator]();
  }
}
