import { NO_ARGS } from "../brain/nlu/language/index.js";
import type { IntentTable } from "../tools/language.js";

/** How people answer what rings: what went off, more time, and enough (the team's own sentences). */
/** Things that are other tools', never a ringing alert: the diary's, mail's, messages, files. */
const OTHER_THINGS =
  /\b(?:events?|meetings?|appointments?|calendar|invites?|invitations?|e ?mails?|messages?|texts?|chats?|files?|documents?|tabs?|windows?|pop ?ups?|ads?|updates?)\b/;

export const ALERT_INTENTS: IntentTable = {
  alerts_list: {
    describe: () => "Check what is ringing or was missed",
    anchors: /\b(?:ringing|beeping|went off|gone off|missed)\b/,
    shapes: [
      "what('s| is) (ringing|beeping|going off)",
      "what (went off|has gone off) [while i was (out|away|gone)]",
      "(did|has) anything (go|gone) off [while i was {where:text}] [,] [{tail:text}]",
      // "any alarms or reminders that went off?", with what the user was doing before it
      "[{about:text}] (any|were there any|did any|have any) (alarms|reminders|timers|alerts|alarms or reminders|reminders or alarms) [that] (go|went|gone) off [while i was {where:text}]",
      "(show|list) [me] [the] (missed|open) (alerts|alarms and reminders)",
    ],
    samples: ["did any alarm go off while i was away", "which alerts did i miss"],
    build: () => ({}),
    fallback: NO_ARGS,
  },
  alerts_snooze: {
    describe: ({ minutes }) => `Snooze it${typeof minutes === "number" ? ` for ${minutes} minutes` : ""}`,
    anchors: /\bsnooze\b/,
    vetoes: OTHER_THINGS,
    lenient: true,
    templates: [
      "snooze [it|that|the alarm|the timer|the reminder|the alert]",
      "snooze [it|that|the alarm|the timer|the reminder|the alert] for {minutes:number} (minutes|min|mins)",
      "[give me] {minutes:number} more minutes",
    ],
    shapes: [
      // "snooze for 20", "snooze it 5 more minutes": the number is minutes, the unit may go unsaid
      "snooze [it|that|this|the alarm|the timer|the reminder|the alert] [for] [another] {minutes:number} [more] [minutes|min|mins]",
      "snooze [it|that|this|the alarm|the timer|the reminder|the alert|this alarm|this timer|this reminder|this alert|that alarm|that reminder] for (half an hour|a half hour|{minutes:number} (minutes|min|mins)) [,] [{tail:text}]",
      // More time asked of what rang, by "another" ("give me another twenty", "another ten
      // minutes please"): matched, never taught
      "[ok|okay|oh|ugh|please|just] (give me|i need|let me have) another {minutes:number} [minutes|mins|min] [please]",
      "[ok|okay|oh|ugh|just] another {minutes:number} (minutes|mins|min) [please]",
    ],
    samples: ["snooze please", "five more minutes please"],
    // The reason after a comma is kept out of it ("…, I'm on the phone"); a second request is not
    build: (input) =>
      /\b(?:and|then|also)\b/i.test(String(input.values.tail ?? ""))
        ? undefined
        : typeof input.values.minutes === "number"
          ? { minutes: input.values.minutes }
          : /\bhalf an hour|a half hour\b/.test(input.env.text.toLowerCase())
            ? { minutes: 30 }
            : {},
    fallback: NO_ARGS,
  },
  alerts_dismiss: {
    describe: () => "Dismiss the alert",
    anchors: /\bdismiss\b|\bthat'?s enough\b|\bi'?m up\b/,
    // A thing of another tool named ("dismiss my next event", "snooze that email"): no alert's
    vetoes: OTHER_THINGS,
    lenient: true,
    templates: [
      "dismiss [it|that|the alarm|the timer|the reminder|the alert|the notification]",
      "dismiss (all|everything) [alerts|alarms]",
      "(turn off|silence|shut off) the (ringing|alarm that is ringing)",
      "i'm up",
    ],
    // The sound itself named ("that ringing", "everything that's beeping"): only an alert rings.
    // Never taught: "stop", "kill", "turn off" are the player's and the lights' words too.
    shapes: [
      "(shut|turn|switch) (that|the|this) (ringing|beeping|buzzing) (off|up)",
      "dismiss (all|every one of|each of) [the|my] (alerts|alarms|reminders|notifications|timers)",
      // What is ringing now, stopped by name ("stop the alarm", "silence that timer"): an alarm
      // that rings is dismissed, not deleted; one named by its time or label is still cancelled
      "(stop|silence|shut off|kill|quiet|mute) (the|that|this|my) [ringing|beeping] (alarm|timer|reminder) [please|now]",
      "(stop|silence|kill) (that|the|this|all the|all that) (ringing|beeping|buzzing)",
      "make (it|that|everything that's|everything that is) (ringing|beeping|buzzing) stop",
      "make everything (that's|that is) (ringing|beeping|buzzing) stop",
      // Up and awake, said to what is ringing ("ok ok I'm up, stop it")
      "[ok|okay|alright|all right|yes|yeah|fine] [ok|okay|yes|yeah] (i'm|i am|im) (up|awake) [now] [,] [so|now] [you can] (stop|stop it|stop that|turn it off|switch it off|shut up|dismiss it|enough|quiet) [please|now]",
    ],
    samples: ["dismiss please", "ok dismiss that alert"],
    // "all that ringing" is the one sound, "all alerts" or "everything" every one of them.
    build: (input) =>
      /\b(?:everything|all(?! that\b))\b/.test(input.env.text.toLowerCase()) ? { all: true } : {},
    fallback: NO_ARGS,
  },
};
