import { MAX_PRICE_PER_MILLION } from './limits';

// The texts of the model price table (issue 13, item 4): the admin console and the server share them.

export const modelPriceMessages = {
  versionRequired: 'Choose the model version this price is for.',
  priceInvalid: `Enter a price from 0 to ${MAX_PRICE_PER_MILLION} US dollars per million tokens.`,
  saved: (model: string, version: string) => `Saved the price of ${model} ${version}.`,
  removed: (model: string, version: string) => `Removed the price of ${model} ${version}.`,
} as const;
