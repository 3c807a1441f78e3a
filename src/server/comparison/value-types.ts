// The typed values the local analyser pulls out of a claim (docs/architecture.md, "The local analyser", step 2).

/** How a number was stated: exactly, hedged ('about'), or as a bound ('more than', 'since'). */
export type Bound = 'exact' | 'approx' | 'lower' | 'upper';

export interface QuantityData {
  kind: 'quantity';
  /** 'length', 'temperature', 'money:usd', ... or 'count' for a bare number. */
  dim: string;
  /** In the dimension's base unit. */
  amount: number;
  /** Half-width of the interval the statement allows, from rounding and hedges. */
  tolerance: number;
  bound: Bound;
  /** Half the width of a stated range ('8–10 hours': 1 hour), included in `tolerance`; 0 for one figure. */
  spread?: number;
  /** For counts and ordinals: stems of the noun counted ('legs' in 'eight legs'). */
  role: string[];
  /** An order of magnitude in words ('hundreds of years', 'several hundred thousand'): any figure inside it fits. */
  vague?: boolean;
}

export interface DateData {
  kind: 'date';
  year?: number;
  month?: number;
  day?: number;
  /** '1980s': any year of the decade. */
  decade?: boolean;
  bound: Bound;
}

export interface OrdinalData {
  kind: 'ordinal';
  n: number;
  role: string[];
}

export interface NameData {
  kind: 'name';
  /** Lower-cased significant words of the name, titles and connectors left out. */
  key: string[];
  /**
   * Stands where a claim's answer goes ('the capital is Canberra', 'invented by Bell', 'Bell invented'),
   * as opposed to an aside ('Hillary, a New Zealander, ...'): only such names can contradict.
   */
  predicative: boolean;
}

export type ValueData = QuantityData | DateData | OrdinalData | NameData;

/** A value found in a claim, with the token span it came from. */
export interface FoundValue {
  data: ValueData;
  start: number;
  /** Exclusive. */
  end: number;
  display: string;
}
