import { findDuration, type GuessInput, NO_ARGS } from "../brain/nlu/language/index.js";
import type { IntentTable } from "../tools/language.js";

/** How people answer what rings: what went off, more time, and enough (the team's own sentences). */
/** Things that are other tools', never a ringing alert: the diary's, mail's, messages, files. */
const OTHER_THINGS =
  /\b(?:events?|meetings?|appointments?|calendar|invites?|invitations?|e ?mails?|messages?|texts?|chats?|files?|documents?|tabs?|windows?|pop ?ups?|ads?|updates?)\b/;

/** Alarms and reminders named together: a ringing alert, never one tool's list. */
const BOTH =
  "(alarms or reminders|reminders or alarms|alarms and reminders|reminders and alarms|alarms or timers|timers or alarms|alerts)";
/** Missed mail, messages, calls or meetings are their own tools' ("did I miss any calls"). */
const NOT_RUNG = new RegExp(`${OTHER_THINGS.source}|\\b(?:calls|missed calls?|deliver\\w*|parcels?)\\b`);
/** What rings, named alone ("any alarms", "a reminder"). */
const SOUNDED =
  "(alarm|alarms|reminder|reminders|timer|timers|alert|alerts|alarms or reminders|reminders or alarms)";
/** The sound an alert makes, named as heard. */
const SOUND = "(beep|beeping|beeps|ring|ringing|chime|chiming|buzz|buzzing|ding|ping|bleep|bleeping)";
/** Stopping a sound, by any of the verbs said to a noise. */
const HUSH = "(stop|silence|quiet|kill|hush|shut up|shut off|turn off|switch off|mute|end)";
/** What rings said to be sounding now ("it's going off", "it's going mad", "it's still beeping"). */
const SOUNDING_NOW =
  "(it's|its|it is|that's|thats|that is|they're|they are|the alarm's|the timer's|the reminder's|the alarm is|the timer is|the reminder is|my alarm's|my timer's|my alarm is|my timer is) [still] (ringing|beeping|buzzing|bleeping|chiming|going off|going mad|going crazy|going nuts|driving me mad|driving me crazy|so loud|too loud)";
/** The sound named as a nuisance ("that racket", "the noise"): what rings, when it is said to ring. */
const NOISE = "(that|the|this) (noise|racket|din|row|thing)";
/** Something unnamed said to have rung ("anything", "something", "any of it"). */
const UNNAMED = "(anything|something|any of them|any alarm|any timer|any reminder)";
/** Where the person was while it rang ("while I was out", "while I had my headphones on"). */
const AWAY = "(while|when|whilst) (i|we) (was|were|had|wasn't|was not)";
/** An order to stop one thing that rings, named or pointed at ("stop the timer", "turn that alarm off"). */
const STOP_ONE = `(${HUSH} (it|that|this|the alarm|the timer|the reminder|that alarm|that timer|that reminder|this alarm|this timer|my alarm|my timer|${NOISE})|(turn|switch|shut) (it|that|this|the alarm|the timer|that alarm|that timer|this alarm|this timer|my alarm|my timer|${NOISE}) (off|up))`;
/** A length of more time said by its word ("another quarter of an hour"). */
const MORE = "[ok|okay|oh|ugh] [give me|i need|let me have] (another|a further|one more)";

/**
 * The length said with a guessed snooze ("ugh 10 more min", "hold on, give me ten more
 * minutes"): the minutes are the length, whatever came before it. "more", "extra" and "another"
 * only say it adds, so they are read past; a length said in hours is minutes too.
 */
function moreMinutes(input: GuessInput): { minutes?: number } {
  const words = input.words.filter((w) => w !== "more" && w !== "extra" && w !== "another");
  const seconds = findDuration(words)?.seconds;
  return seconds !== undefined && seconds >= 60 && seconds % 60 === 0 ? { minutes: seconds / 60 } : {};
}

export const ALERT_INTENTS: IntentTable = {
  alerts_list: {
    describe: () => "Check what is ringing or was missed",
    anchors: /\b(?:ringing|beeping|went off|gone off|missed)\b/,
    // Missed mail, messages, calls or meetings are their own tools' ("did I miss any calls")
    vetoes: NOT_RUNG,
    shapes: [
      "what('s| is) (ringing|beeping|going off)",
      "what (went off|has gone off) [while i was (out|away|gone)]",
      // When and where the person was said after ("what went off earlier while I was in the
      // shower", "what went off while I was out in the garden"); "of" typed for "off"
      "what (went off|went of|has gone off|has gone of|rang|has rung|beeped) [earlier|just now|today|before] (while|when|whilst) i was {where:text}",
      "(did|has) anything (go|gone) off [while i was {where:text}] [,] [{tail:text}]",
      // Something unnamed said to have gone off or rung while the person was away or busy,
      // asked with or without its verb, what it could be said after ("anything go off while I
      // was out? timers, whatever", "did something ring while I had the hoover on")
      `[did|has|have] ${UNNAMED} (go|gone|went|ring|rung|rang|beep|beeped) [off] ${AWAY} {where:text}`,
      `[did|has|have] ${UNNAMED} (go|gone|went|ring|rung|rang|beep|beeped) [off] ${AWAY} {where:text} [,] {tail:text}`,
      `[did|has|have] ${UNNAMED} (go|gone|went|ring|rung|rang|beep|beeped) off [earlier|just now|today]`,
      // The question said first, the unnamed thing after ("what did I miss while I was in the
      // bath, did anything go off")
      `what did i miss ${AWAY} {where:text} [,] [did|has] ${UNNAMED} (go|gone|went|ring|rung|rang) [off]`,
      // "any alarms or reminders that went off?", with what the user was doing before it
      "[{about:text}] (any|were there any|did any|have any) (alarms|reminders|timers|alerts|alarms or reminders|reminders or alarms) [that] (go|went|gone) off [while i was {where:text}]",
      "(show|list) [me] [the] (missed|open) (alerts|alarms and reminders)",
      // Alarms and reminders named together as what was missed: only what rings is both
      // ("any missed alarms or reminders", "did I miss any alarms or reminders while I was out")
      `[{about:text}] (any|were there any|have i got any|are there any) missed ${BOTH} [while i was {where:text}]`,
      `(did|have) i (miss|missed) (any|any of my) ${BOTH} [while i was {where:text}]`,
      `(what|which) ${BOTH} (did i miss|have i missed) [while i was {where:text}]`,
      // Anything missed, or one kind of alert said to have gone off unseen ("did I miss any
      // alarms on my shift", "any reminders go off that I missed"): missing is what ringing
      // unheard is; a list of reminders is never "missed"
      `(did|have) i (miss|missed) (any|anything|any of my) [${SOUNDED}] [while i was {where:text}|{tail:text}]`,
      `[{about:text}] (any|did any|have any) ${SOUNDED} (go|went|gone) off [that i missed|{tail:text}]`,
      // The sound heard, asked about ("what was that beep just now", "what's that chime")
      `what (was|is|'s|were) (that|those|the) ${SOUND} [just now|a second ago|a minute ago|earlier] [,] [{tail:text}]`,
      `[{about:text}] (i heard|there was|i just heard) a ${SOUND} [{when:text}] [,] what (was|is) (that|it)`,
    ],
    samples: ["did any alarm go off while i was away", "which alerts did i miss"],
    // Only what was missed counts, never where the user was ("while I was in a meeting")
    build: (input) =>
      NOT_RUNG.test(input.env.text.toLowerCase().split(/\b(?:while|when|during|whilst)\b/)[0] ?? "")
        ? undefined
        : {},
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
      // …and by "more" after the number, with a word of waiting before it ("ugh 10 more min",
      // "hold on, give me ten more minutes")
      "[ok|okay|oh|ugh|hold on|hang on|wait|just] [,] [give me|i need|let me have|just] {minutes:number} more (minutes|mins|min) [please]",
      // More time by its word, with the reason after ("another quarter of an hour, it's raining")
      {
        t: `${MORE} (quarter of an hour|quarter hour|15 minutes) [please] [,] [{tail:text}]`,
        args: { minutes: 15 },
      },
      { t: `${MORE} (half an hour|half hour|30 minutes) [please] [,] [{tail:text}]`, args: { minutes: 30 } },
      `${MORE} {minutes:number} (minutes|mins|min) [please] [,] {tail:text}`,
      // A learner's "again" for "another", after what rings is said to ring ("it's ringing,
      // give me again ten minutes"), and what rings told to sleep ("let the alarm sleep for
      // 15 more minutes"): both are more time for it
      "[it|it's|its|it is|is] [ringing|beeping|going off] [,] (give me|i need|let me have) again {minutes:number} [more] (minutes|mins|min) [more] [please]",
      "(make|let) (it|that|the alarm|the timer|the reminder|my alarm|this alarm) (sleep|rest|wait) [for] [another] {minutes:number} [more] (minutes|mins|min) [more] [please]",
    ],
    samples: ["snooze please", "five more minutes please"],
    // The reason after a comma is kept out of it ("…, I'm on the phone"); a second request is not
    build: (input) =>
      /\b(?:and|then|also)\b/i.test(String(input.values.tail ?? ""))
        ? undefined
        : typeof input.fixed?.minutes === "number"
          ? { minutes: input.fixed.minutes }
          : typeof input.values.minutes === "number"
            ? { minutes: input.values.minutes }
            : /\bhalf an hour|a half hour\b/.test(input.env.text.toLowerCase())
              ? { minutes: 30 }
              : {},
    fallback: moreMinutes,
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
      // Every ringing thing told to be quiet, the verb first ("shut up all the things ringing",
      // "silence all the stuff that's beeping")
      "(shut up|silence|stop|quiet|kill|mute) (all|everything|all of) [the] [things|stuff] [that] ['s|is|that's|are] (ringing|beeping|buzzing|going off)",
      "make (it|that|everything that's|everything that is) (ringing|beeping|buzzing) stop",
      "make everything (that's|that is) (ringing|beeping|buzzing) stop",
      // Up and awake, said to what is ringing ("ok ok I'm up, stop it")
      "[ok|okay|alright|all right|yes|yeah|fine] [ok|okay|yes|yeah] (i'm|i am|im) (up|awake) [now] [,] [so|now] [you can] (stop|stop it|stop that|turn it off|switch it off|shut up|dismiss it|enough|quiet) [please|now]",
      // Hushing what rings, then awake ("shush, I'm up"), or "I'm up" after a word to it
      "(shush|hush|shh|sh|quiet|enough|stop|alright|all right|okay|ok) [,] [ok|okay|alright] [,] (i'm|i am|im) (up|awake) [now] [thanks|thank you]",
      // Every sound at once, with what it is said after ("shut them all up, everything that's
      // beeping", "make everything that's beeping stop, all of it")
      "(shut|silence|quiet|stop|kill) (them|them all|it all|all of them|everything) [all] [up|off] [,] (everything|all) (that's|that is|that are) (beeping|ringing|buzzing|going off)",
      "make (everything|all) (that's|that is) (ringing|beeping|buzzing|going off) stop [,] (all of it|all of them|the lot|everything) [please]",
      // Every sound, or whatever makes it, stopped by any verb said to a noise ("silence whatever
      // is beeping", "stop everything that's going off", "kill anything ringing")
      `[please] ${HUSH} (everything|anything|whatever|all|it all|all of it|the lot) [that] ['s|is|that's|that is|thats|are] [still] (beeping|ringing|buzzing|bleeping|chiming|going off) [please|now] [,] [{tail:text}]`,
      // The sound said beside the order to stop it ("it's ringing, shut it up", "turn it off,
      // I'm awake"): what rings now is an alert, whichever comes first
      `[ok|okay|oh|right] (it's|its|it is|that's|thats) (ringing|beeping|buzzing|going off) [again] [,] [so] (${HUSH} it|shut it up|make it stop|turn it off|switch it off) [please|now]`,
      `[ok|okay|oh|right] (${HUSH} it|shut it up|turn it off|switch it off|make it stop) [,] (i'm|im|i am) (up|awake) [now]`,
      // The order first, then that it sounds now ("stop the timer, it's going off", "turn that
      // alarm off it's going mad"): what sounds now is dismissed, not deleted
      `[hey|oh|ok|okay|right|please] ${STOP_ONE} [please|now] [,] ${SOUNDING_NOW} [again] [please]`,
      `[hey|oh|ok|okay|right] ${SOUNDING_NOW} [again] [,] [so] [please] ${STOP_ONE} [please|now]`,
      // The sound itself told to stop, said to what rings ("stop ringing!", "quit beeping")
      "[hey|oh|ok|okay|please] (stop|quit|enough) (ringing|beeping|buzzing|bleeping|chiming) [please|now|already]",
      // Every sound at once, what it is said after as "all of it" ("shut everything up, all of
      // it that's beeping")
      "(shut|silence|quiet|stop|kill) (them|them all|it all|all of them|everything) [all] [up|off] [,] (all of it|all of them|the lot) (that's|that is|thats|that are) (beeping|ringing|buzzing|going off)",
    ],
    samples: ["dismiss please", "ok dismiss that alert"],
    // "all that ringing" is the one sound, "all alerts" or "everything" every one of them.
    build: (input) =>
      /\b(?:everything|all(?! that\b))\b/.test(input.env.text.toLowerCase()) ? { all: true } : {},
    fallback: NO_ARGS,
  },
};
