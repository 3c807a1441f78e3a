// Countries and the adjectives of their people, from the world-countries data set (decision 0025): 'Polish',
// 'Poland' and 'Republic of Poland' are one place, so an answer that says a composer was Polish agrees
// with one that says he was born in Poland. Loaded on first use: the data set is large and most
// comparisons never need it.

import { createRequire } from 'node:module';

interface CountryRecord {
  name: { common: string; official: string };
  altSpellings?: string[];
  demonyms?: { eng?: { f?: string; m?: string } };
}

let canonical: Map<string, string> | null = null;

function table(): Map<string, string> {
  if (canonical) return canonical;
  const countries = createRequire(import.meta.url)('world-countries') as CountryRecord[];
  canonical = new Map();
  for (const country of countries) {
    const key = country.name.common.toLowerCase();
    const spellings = [
      country.name.common,
      country.name.official,
      ...(country.altSpellings ?? []).filter((spelling) => spelling.length > 3),
      country.demonyms?.eng?.m,
      country.demonyms?.eng?.f,
    ];
    for (const spelling of spellings) if (spelling) canonical.set(spelling.toLowerCase(), key);
  }
  // The nations within the United Kingdom, and the continents, are places people name as readily as a country.
  for (const [adjective, nation] of [
    ['english', 'england'],
    ['scottish', 'scotland'],
    ['welsh', 'wales'],
    ['european', 'europe'],
    ['asian', 'asia'],
    ['african', 'africa'],
    ['antarctic', 'antarctica'],
  ] as const) {
    canonical.set(adjective, nation);
    canonical.set(nation, nation);
  }
  return canonical;
}

/** The country a name or nationality adjective stands for ('polish' -> 'poland'), or null. */
export function countryOf(words: string): string | null {
  return table().get(words.toLowerCase().replace(/^the /, '')) ?? null;
}
