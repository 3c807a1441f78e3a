// What the Share calls and the shared page say (issue 14, item 1).
export const shareMessages = {
  notAnswered: 'Only a question with at least one answer can be shared.',
  reportNotFound: 'This shared comparison does not exist or was unshared by its owner.',
  askThisYourself: 'Ask this yourself',
} as const;
