import { NO_ARGS } from "./helpers.js";
import type { Args, FallbackInput, IntentTable } from "./types.js";

/**
 * Changing what is already there: deleting or moving calendar events, adding a contact,
 * shuffle and repeat. Events are picked by handle, so a spoken "delete my meeting" is an
 * incomplete call: Jarvis asks which one (the answer "the second one" resolves to a handle).
 */
const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/;

function contactPartial(input: FallbackInput): Args | undefined {
  const text = input.env.text.replace(/\s+dot\s+/gi, ".").replace(/\s+at\s+(?=[\w-]+\.)/gi, "@");
  const email = EMAIL.exec(text)?.[0];
  return email ? { email } : undefined;
}

/** "stop repeating" → none, "this song" → track, "the album" → playlist. */
function repeatMode(input: FallbackInput): Args | undefined {
  const said = input.words.join(" ");
  if (/\b(?:off|stop|disable|no more)\b/.test(said)) return { mode: "none" };
  if (/\b(?:song|track|tune)\b/.test(said)) return { mode: "track" };
  if (/\b(?:playlist|album|all)\b/.test(said)) return { mode: "playlist" };
  return undefined;
}

export const EDIT_INTENTS: IntentTable = {
  calendar_delete_event: {
    anchors:
      /\b(?:delete|deleted|remove|cancel|cancels|clear|erase|drop|scrap|call off|wipe|get rid of|destroy|take away)\b.*\b(?:calendar|meetings?|appointments?|events?|schedule|lunch|dinner|breakfast|party|call|date|session|class|reservation|stand ?up|hair ?cut|plans?|day|morning|afternoon|evening|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|booked|booking|gathering|fundraiser|festival|concert|match|lesson|practice|visit|trip|agenda)\b/,
    vetoes: /\b(?:alarms?|timers?|reminders?|lists?|e ?mails?|contacts?|songs?|playlist)\b/,
    templates: [],
    samples: [
      "delete my meeting tomorrow",
      "remove the appointment on friday",
      "cancel my dentist appointment",
      "cancel the meeting with the design team",
      "clear my calendar for today",
      "clear everything on my schedule tomorrow",
      "delete all events this weekend",
      "remove the lunch on thursday from my calendar",
      "erase the event at three",
      "drop the standup from my calendar",
      "call off the party on saturday",
      "get rid of my afternoon meetings",
      "delete the next event on my calendar",
      "remove my doctor visit next week",
      "cancel dinner with sarah",
      "take the conference call off my calendar",
      "wipe my schedule for monday",
      "scrap the review meeting",
      "i need to cancel my appointment on the fifth",
      "please delete the event called team sync",
      "remove every meeting this week",
      "cancel all my plans for tonight",
      "delete the birthday party from the calendar",
      "free up my calendar tomorrow morning",
      "my meeting got cancelled please remove it",
    ],
    fallback: () => undefined,
  },
  calendar_update_event: {
    anchors:
      /\b(?:move|reschedule|push|postpone|shift|change|rename|update|bring forward)\b.*\b(?:meetings?|appointments?|events?|calendar|lunch|dinner|call|party)\b/,
    vetoes: /\b(?:alarms?|timers?|reminders?|lists?|e ?mails?|contacts?)\b/,
    templates: [],
    samples: [
      "move my meeting to four",
      "reschedule the dentist appointment to next week",
      "push the team sync back an hour",
      "postpone my lunch with tom to friday",
      "change the time of my meeting tomorrow",
      "shift the call to the afternoon",
      "rename the event to project kickoff",
      "update the location of the meeting",
      "bring the review forward to nine",
      "move the party to saturday evening",
    ],
    fallback: () => undefined,
  },
  contacts_add: {
    anchors:
      /\b(?:add|save|create|store|put|new|insert|update)\b.*\b(?:contacts?|address book|e ?mail|address|number)\b/,
    vetoes: /\b(?:lists?|calendar|playlist|reminders?)\b/,
    templates: [
      "(add|save|put|store) {who:contact} (to|in|into) [my] (contacts|contact list|address book)",
      "(add|save) [a] [new] contact [named|called|for] {name:contact} [with] [email|e mail|address] {who:contact}",
    ],
    // A name or an address where either may stand: an address is the email, anything else the name
    build: ({ values }) => {
      const args: Args = {};
      for (const value of [values.name, values.who, values.email]) {
        if (typeof value !== "string") continue;
        // a spoken address: "mlopez@mail dot net"
        if (value.includes("@")) args.email = value.replace(/\s+dot\s+/gi, ".").replace(/\s+/g, "");
        else args.name ??= value;
      }
      if (typeof values.phone === "string" || typeof values.phone === "number")
        args.phone = String(values.phone);
      return args;
    },
    samples: [
      "add a new contact",
      "save this email address to my contacts",
      "add this person to my address book",
      "create a contact for my new neighbor",
      "store this number in my contacts",
      "put this email in my contact list",
      "add his email to my contacts",
      "save her phone number",
      "make a new contact entry",
      "add the sender to my contacts",
      "save this address as a contact",
      "new contact please",
      "add my colleague's email to the address book",
      "keep this email address in my contacts",
    ],
    partial: contactPartial,
    // "add a new contact for maria lopez mlopez@mail dot net": the address, and the name before it
    fallback: (input) => {
      const found = contactPartial(input);
      if (!found) return undefined;
      const said = input.env.text.toLowerCase();
      const name =
        /\b(?:for|named|called|contact|as)\s+((?:[a-z]+\s){0,2}[a-z]+)\s+(?:with\s+)?(?:e ?mail\s+|address\s+)?[\w.+-]+\s*@/.exec(
          said,
        )?.[1];
      const clean = name?.replace(/^(?:for|named|called|as)\s+/, "");
      return clean && !/\b(?:new|my|the|a|email|mail|address|contact)\b/.test(clean)
        ? { ...found, name: clean }
        : found;
    },
  },
  media_shuffle: {
    anchors: /\b(?:shuffle|shuffling|random|randomi[sz]e|mix)\b/,
    templates: [
      { t: "shuffle [my|the|this] [music|songs|playlist|tracks|album|library]", args: { on: true } },
      { t: "turn on shuffle [mode]", args: { on: true } },
      { t: "turn shuffle on", args: { on: true } },
      { t: "(turn off|stop|disable) (shuffle|shuffling) [mode]", args: { on: false } },
      { t: "turn shuffle off", args: { on: false } },
      { t: "play [my|the] (music|songs|playlist) (in random order|on shuffle|randomly)", args: { on: true } },
    ],
    samples: [
      "mix up the order of the songs",
      "randomize my playlist",
      "put the music on random",
      "play my songs in any order",
      "shuffle mode please",
      "no more shuffling",
      "switch shuffle on",
    ],
    fallback: NO_ARGS,
  },
  media_repeat: {
    anchors: /\b(?:repeat|loop|replay|again and again|on repeat)\b/,
    vetoes: /\b(?:say|said|what|that again|sentence|question|answer)\b/,
    templates: [
      { t: "(repeat|loop) (this|the|that) (song|track|tune)", args: { mode: "track" } },
      { t: "put (this|the) (song|track) on (repeat|loop)", args: { mode: "track" } },
      { t: "(repeat|loop) (this|the|my) (playlist|album)", args: { mode: "playlist" } },
      { t: "turn on repeat [mode]", args: { mode: "playlist" } },
      { t: "(turn off|stop|disable) (repeat|repeating|looping|the loop) [mode]", args: { mode: "none" } },
      { t: "turn repeat off", args: { mode: "none" } },
    ],
    samples: [
      "keep playing this song over and over",
      "play this track on a loop",
      "i want this song on repeat",
      "loop the whole album",
      "stop repeating the song",
      "set the music to repeat",
    ],
    partial: repeatMode,
    fallback: repeatMode,
  },
};
