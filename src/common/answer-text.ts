/**
 * Whether a model's answer costs the question: some text, not just whitespace (a model that fails
 * after a few words has answered). A question none of whose models produced text is given back.
 */
export const hasAnswerText = (text: string | null | undefined): boolean => !!text && text.trim() !== '';
