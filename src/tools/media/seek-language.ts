import { findSeconds } from "../../brain/nlu/language/index.js";
import type { IntentTable } from "../language.js";

/** What is played, by its kind: the nouns the player's requests name. */
export const MEDIA_NOUN =
  "(music|song|songs|track|tracks|tune|tunes|playback|audio|playlist|podcast|radio|audiobook|album|player|media)";

/** Moving within what is playing: back or forward by a length, to a point, from its start. */
export const MEDIA_SEEK_INTENTS: IntentTable = {
  // Seeking back: the tool's own examples only go forward (a slot has no sign)
  media_seek_back: {
    lenient: true,
    tool: "media_seek",
    templates: [
      `(rewind|go back|skip back|jump back|back up|move back|seek back|scroll back) [it|this|the ${MEDIA_NOUN}] [by] {by_s:duration}`,
      `(rewind|skip back|jump back) [it|this|that|the ${MEDIA_NOUN}] [a bit|a little|a few seconds]`,
      `(go|move) back [in] [it|this|that|the ${MEDIA_NOUN}] (a bit|a little|a few seconds)`,
    ],
    build: (input) => ({ by_s: -(typeof input.values.by_s === "number" ? input.values.by_s : 15) }),
    anchors: /\b(?:rewind|forward|ahead|back|backward|backwards)\b/,
    // "move forward ten minutes in this podcast": a duration and which way
    fallback: (input) => {
      const seconds = findSeconds(input);
      if (seconds === undefined) return undefined;
      return {
        by_s: /\b(?:back|backward|backwards|rewind)\b/.test(input.words.join(" ")) ? -seconds : seconds,
      };
    },
  },
  media_seek_to: {
    lenient: true,
    tool: "media_seek",
    templates: [
      "(jump|go|skip|seek|fast forward|forward|rewind|move|take me) [ahead|back|forward] to [minute|position] {to_s:position} [mark|please]",
      "(jump|go|skip|seek|move|take me) [ahead|back|forward] to [minute|position] {to_s:position} (in|of|into) (this|the) (track|song|tune|episode|podcast|video|audiobook) [please]",
      `(start|play|restart) [it|this|the ${MEDIA_NOUN}] (from|at) {to_s:position}`,
      `(fast forward|skip ahead|jump ahead) [it|this|the ${MEDIA_NOUN}] [a bit|a little]`,
      {
        t: "(replay|restart) (this|the|that) (song|track|tune|episode|chapter) [again|from the start]",
        args: { start: true },
      },
    ],
    // "skip forward a bit": a small step said with the skipping verb. Matched, never taught, so
    // "skip" keeps leaning to the next track in training
    shapes: [
      `(skip|go|move|jump|nudge) (forward|ahead|on) [it|this|the ${MEDIA_NOUN}] (a bit|a little|a touch|a few seconds)`,
      // What is playing, from its start again ("start it again from the beginning", "play this
      // song from the top"): a seek to zero, not a new search
      {
        t: `(start|play|put|take) (it|this|that|the ${MEDIA_NOUN}|this ${MEDIA_NOUN}|that ${MEDIA_NOUN}) [again|over] (from|at|back to) the (beginning|start|top) [again|please]`,
        args: { start: true },
      },
      {
        t: `(go|skip|jump) back to the (beginning|start) [of (it|the ${MEDIA_NOUN}|this ${MEDIA_NOUN})]`,
        args: { start: true },
      },
      { t: "[play it|start it|from] again from the (beginning|start|top)", args: { start: true } },
    ],
    build: (input) => {
      const to = input.values.to_s;
      if (input.fixed.start === true) return { to_s: 0 };
      return typeof to === "number" ? { to_s: to } : { by_s: 30 };
    },
  },
  // "pick up dune where i left off", "restart the handmaid's tale": a book or show by its title
};
