import type { Args, IntentSpec, LanguageEnv } from "../../../core/language.js";

/**
 * Requests that name something beyond Jarvis's reach, whatever tool the words resemble: another
 * room's or device's player ("play jazz on the kitchen speaker": Jarvis plays on this computer
 * only) and other people's accounts ("read my son's email": Jarvis uses the user's own). Declined
 * with a sentence saying so, template match or not: acting would do it in the wrong place.
 */

const ROOMS =
  "living room|lounge|kitchen|bedroom|bathroom|hallway|hall|garden|dining room|nursery|kids room|kids' room|spare room|conservatory|garage|basement|attic|office downstairs|upstairs|downstairs";
/** Devices that are not this computer, by every name of their kind (a telephone is a phone). */
const HANDHELDS =
  "phone|telephone|mobile|mobile phone|cell ?phone|smartphone|landline|pager|beeper|tablet|ipad|kindle|e-?reader|smart ?watch|watch|console|xbox|playstation|baby monitor|intercom|doorbell|walkie ?talkie";
const PEOPLE =
  "wife|husband|partner|son|daughter|kids?|children|child|mum|mom|mother|dad|father|parents?|brother|sister|boss|friend|colleague|coworker|neighbou?r|girlfriend|boyfriend|flatmate|roommate|grandma|grandad|granny|grandpa";
const DEVICES = `speakers?|tv|telly|television|sonos|chromecast|alexa|echo|homepod|google home|smart speaker|soundbar|stereo|radio in the \\w+|car|record player|turntable|cd player|cassette player|${HANDHELDS}`;
/**
 * Another device as what the verb works on, with or without a word for which one ("set my work
 * pager to silent", "put the phone on vibrate", "mute my mobile"): the setting is that device's.
 */
const DEVICE_AS_OBJECT = `\\b(?:set|mute|unmute|silence|turn|put|switch|make|lower|raise|dim) (?:the|my|our) (?:\\w+ )?(?:${HANDHELDS})\\b(?! number)`;
/**
 * Sound heard somewhere else ("the song playing in the café", "what's on at the gym"): this
 * computer's player is not where it plays, so nothing here can name or change it.
 */
const ELSEWHERE =
  /\b(?:playing|on|heard|hear|hearing) (?:in|at) (?:the|this|a) (?:café|cafe|coffee shop|shop|store|pub|bar|restaurant|supermarket|gym|club|mall|waiting room|lobby|lift|elevator|taxi|cab|bus|train)(?![\w\u00c0-\u017f])/;
const OTHER_DEVICE = new RegExp(
  // "I'm on the phone" is where the person is (busy), not where to play
  `\\b(?:(?:in|on|through|to) (?:the|my|our) (?:${ROOMS})\\b|(?<!\\b(?:am|are|is|be|been|was|were) )(?:on|through|to|from) (?:the|my|our) (?:(?:${ROOMS}) )?(?:${DEVICES})\\b|(?:${ROOMS}) (?:${DEVICES})\\b|\\b(?:on|to|through) (?:the|my|our) (?:${PEOPLE}) (?:${HANDHELDS})\\b|\\b(?:sonos|chromecast|alexa|homepod|google home)\\b|\\b(?:the|my|our) (?:tv|telly|television)\\b|${DEVICE_AS_OBJECT}|\\bon (?:vinyl|cassette|tape|a record)\\b)`,
);

const THEIR_THINGS = `e ?mails?|mail|inbox|messages?|texts?|calendar|diary|schedule|(?:${HANDHELDS})(?! number)|contacts|files?|documents?|notes|accounts?|laptop|computer|alarms?|reminders?`;
const OTHERS_ACCOUNT = new RegExp(
  // "on Jake's phone", "to Mia's iPad": anyone's device named by its owner is not this computer
  `\\b(?:on|to|onto) [a-z]+ 's (?:laptop|computer|${HANDHELDS})\\b|\\b(?:my|our|his|her|their|the) (?:${PEOPLE}) 's (?:\\w+ )?(?:${THEIR_THINGS})\\b|\\b(?:on|from) (?:my|our|his|her) (?:${PEOPLE}) 's (?:\\w+ )?(?:${THEIR_THINGS}|account|computer)\\b`,
);

/** Why a reading of these intents is out of reach (a sentence for the person), or undefined. */
export function outOfReach(
  said: string,
  intents: readonly IntentSpec[],
  args: Args,
  env: LanguageEnv,
): string | undefined {
  // Every reading of OTHERS_ACCOUNT holds " 's ": a sentence without one is not tried (the
  // pattern's first use compiles it, ~10-30 ms of a one-shot `ask`)
  if (said.includes(" 's ") && OTHERS_ACCOUNT.test(said))
    return "I can only use your own accounts and devices, not someone else's.";
  if (intents.some((spec) => spec.thisComputer) && ELSEWHERE.test(said))
    return "I can only hear and control what plays on this computer, not sound around you.";
  if (intents.some((spec) => spec.thisComputer) && OTHER_DEVICE.test(said))
    return "I can only act on this computer, not on other speakers, TVs, phones or rooms.";
  // The tool's own limit on what its arguments may ask (how far ahead it can see)
  for (const spec of intents) {
    const limit = spec.beyond?.(args, env);
    if (limit) return limit;
  }
  return undefined;
}
