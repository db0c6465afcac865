/** What the engine knows without any tool: dialog acts, small talk, questions and refusals. */
export {
  CHAT_TEMPLATES,
  type ChatAct,
  DIALOG_FILLERS,
  DIALOG_PHRASES,
  DIALOG_SAMPLES,
  type DialogAct,
} from "./conversation.js";
export { MORE_NONE_SAMPLES, NEAR_MISS_SAMPLES, NONE_SAMPLES } from "./out-of-scope.js";
export { QUESTION_SAMPLES } from "./questions.js";
export { CURRENCY, INFO_TOPICS } from "./topics.js";
