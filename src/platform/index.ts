export { createPlatform, type PlatformOptions, unsupportedPlatform } from "./factory.js";
export { chordText, macChord, parseChord, xdotoolChord } from "./keys.js";
export { type DesktopKit, desktopKit, desktopTool, unavailableReason } from "./kit.js";
export { pickWindow, type WindowSelector, windowsOfApp } from "./match.js";
export { center, contains, findText, ocrLines, parseTesseractTsv, type TextMatch } from "./ocr.js";
export {
  atspiPython,
  imagemagickImport,
  linuxUnavailable,
  macPermissionNote,
  macUnavailable,
  type SystemProbe,
  systemProbe,
  which,
} from "./requirements.js";
export { createCommandRunner, createProcessLauncher, firstLine, runChecked } from "./runner.js";
export { DesktopSession, describeWindow, ensureTarget, type StateStore, type TargetLock } from "./session.js";
export {
  cleanText,
  findNodes,
  newRefTable,
  type RefTable,
  renderMatches,
  renderSnapshot,
  type UiQuery,
  windowHeader,
} from "./tree.js";
export * from "./types.js";
