/** Some text, not just whitespace: an answer (or reasoning) that says something. */
export const hasAnswerText = (text: string | null | undefined): boolean => !!text && text.trim() !== '';

/**
 * Whether the asker received any of a model's answer, which is what keeps a question charged (docs/architecture.md,
 * "The question pipeline", step 5): answer text, even a few words before a failure, or the reasoning a thinking
 * model showed before its answer (it was streamed, it is saved with the answer, and the vendor bills it as
 * output). A question none of whose models gave either is given back.
 */
export const answerReceived = (answer: {
  text: string | null | undefined;
  reasoning?: string | null | undefined;
}): boolean => hasAnswerText(answer.text) || hasAnswerText(answer.reasoning);
