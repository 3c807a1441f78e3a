// Units, scales and number words (docs/architecture.md, "The local analyser", step 2). Lookup tables are Maps: a
// plain object would answer 'constructor' or 'toString' from its prototype. Every quantity is converted to one
// base unit per dimension, so '8,849 m', '8.849 km' and '29,032 feet' compare as the same number.

export interface Unit {
  dim: string;
  /** Converts an amount in this unit to the dimension's base unit. */
  toBase: (amount: number) => number;
}

const scale =
  (factor: number) =>
  (amount: number): number =>
    amount * factor;

function add(table: Map<string, Unit>, names: string, dim: string, toBase: (amount: number) => number): void {
  for (const name of names.split('|')) table.set(name, { dim, toBase });
}

/** Keys are the lower-cased tokens of the unit joined by single spaces ('degrees celsius', 'km / h'). */
export const UNITS: ReadonlyMap<string, Unit> = (() => {
  const t = new Map<string, Unit>();
  add(t, 'm|metre|metres|meter|meters', 'length', scale(1));
  add(t, 'km|kms|kilometre|kilometres|kilometer|kilometers', 'length', scale(1000));
  add(t, 'cm|centimetre|centimetres|centimeter|centimeters', 'length', scale(0.01));
  add(t, 'mm|millimetre|millimetres|millimeter|millimeters', 'length', scale(0.001));
  add(t, 'ft|foot|feet', 'length', scale(0.3048));
  add(t, 'inch|inches', 'length', scale(0.0254));
  add(t, 'yd|yard|yards', 'length', scale(0.9144));
  add(t, 'mi|mile|miles', 'length', scale(1609.344));
  add(t, 'nautical mile|nautical miles', 'length', scale(1852));
  add(t, 'light year|light years|light - year|light - years|ly', 'length', scale(9.4607e15));
  add(t, 'au|astronomical unit|astronomical units', 'length', scale(1.495978707e11));
  add(t, 'kg|kgs|kilogram|kilograms|kilo|kilos', 'mass', scale(1));
  add(t, 'g|gram|grams|gramme|grammes', 'mass', scale(0.001));
  add(t, 'mg|milligram|milligrams', 'mass', scale(1e-6));
  add(t, 'tonne|tonnes|ton|tons|metric ton|metric tons|metric tonnes', 'mass', scale(1000));
  add(t, 'lb|lbs|pound|pounds', 'mass', scale(0.45359237));
  add(t, 'oz|ounce|ounces', 'mass', scale(0.028349523));
  const celsius = (amount: number) => amount;
  const fahrenheit = (amount: number) => ((amount - 32) * 5) / 9;
  const kelvin = (amount: number) => amount - 273.15;
  add(
    t,
    '° c|°c|degrees celsius|degree celsius|degrees c|degrees centigrade|celsius|centigrade',
    'temperature',
    celsius,
  );
  add(t, '° f|°f|degrees fahrenheit|degree fahrenheit|degrees f|fahrenheit', 'temperature', fahrenheit);
  add(t, 'kelvin|kelvins|degrees kelvin', 'temperature', kelvin);
  add(t, '°|degree|degrees', 'degree', scale(1));
  add(t, '%|percent|per cent|pct|percentage points|percentage point', 'percent', scale(1));
  add(t, 'dollar|dollars|usd|us dollars', 'money:usd', scale(1));
  add(t, 'euro|euros|eur', 'money:eur', scale(1));
  add(t, 'gbp|pounds sterling|pound sterling', 'money:gbp', scale(1));
  add(t, 'yen|jpy', 'money:jpy', scale(1));
  add(t, 'yuan|rmb|cny|renminbi', 'money:cny', scale(1));
  add(t, 'rupee|rupees|inr', 'money:inr', scale(1));
  add(t, 'btc|bitcoin|bitcoins', 'money:btc', scale(1));
  add(t, 'v|volt|volts', 'voltage', scale(1));
  add(t, 'second|seconds|sec|secs', 'time', scale(1));
  // Only ever reached after '/' or 'per' ('km/s'); a lone 's' is not read as a unit after a number.
  add(t, 's', 'time-per', scale(1));
  add(t, 'minute|minutes|min|mins', 'time', scale(60));
  add(t, 'hour|hours|hr|hrs|h', 'time', scale(3600));
  add(t, 'day|days', 'time', scale(86400));
  add(t, 'week|weeks', 'time', scale(604800));
  add(t, 'month|months', 'time', scale(2629800));
  add(t, 'year|years|yr|yrs', 'time', scale(31557600));
  add(t, 'decade|decades', 'time', scale(315576000));
  add(t, 'century|centuries', 'time', scale(3155760000));
  add(t, 'kph|kmh|km / h|km / hr', 'speed', scale(1 / 3.6));
  add(t, 'mph', 'speed', scale(0.44704));
  add(t, 'knot|knots', 'speed', scale(0.514444));
  add(t, 'hectare|hectares|ha', 'area', scale(1e4));
  add(t, 'acre|acres', 'area', scale(4046.8564224));
  add(t, 'l|litre|litres|liter|liters', 'volume', scale(1));
  add(t, 'ml|millilitre|millilitres|milliliter|milliliters', 'volume', scale(0.001));
  add(t, 'gallon|gallons', 'volume', scale(3.785411784));
  add(t, 'calorie|calories|kcal|kilocalorie|kilocalories|cal', 'energy', scale(1));
  add(t, 'kj|kilojoule|kilojoules', 'energy', scale(0.239006));
  add(t, 'kwh|kilowatt - hours|kilowatt hours|kilowatt - hour', 'electricity', scale(1));
  add(t, 'mwh|megawatt - hours|megawatt hours', 'electricity', scale(1e3));
  add(t, 'gwh|gigawatt - hours|gigawatt hours', 'electricity', scale(1e6));
  add(t, 'twh|terawatt - hours|terawatt hours', 'electricity', scale(1e9));
  add(t, 'watt|watts|w', 'power', scale(1));
  add(t, 'kw|kilowatt|kilowatts', 'power', scale(1e3));
  add(t, 'mw|megawatt|megawatts', 'power', scale(1e6));
  add(t, 'gw|gigawatt|gigawatts', 'power', scale(1e9));
  add(t, 'byte|bytes', 'data', scale(1));
  add(t, 'kb|kilobyte|kilobytes', 'data', scale(1e3));
  add(t, 'mb|megabyte|megabytes', 'data', scale(1e6));
  add(t, 'gb|gigabyte|gigabytes', 'data', scale(1e9));
  add(t, 'tb|terabyte|terabytes', 'data', scale(1e12));
  add(t, 'hz|hertz', 'frequency', scale(1));
  add(t, 'khz|kilohertz', 'frequency', scale(1e3));
  add(t, 'mhz|megahertz', 'frequency', scale(1e6));
  add(t, 'ghz|gigahertz', 'frequency', scale(1e9));
  add(t, 'times|fold', 'times', scale(1));
  return t;
})();

/** The longest unit key, in tokens: lookups never need more. */
export const MAX_UNIT_TOKENS = 4;

/** Units written before the number. */
export const CURRENCY_SYMBOLS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    $: 'money:usd',
    '€': 'money:eur',
    '£': 'money:gbp',
    '¥': 'money:jpy',
    '₹': 'money:inr',
  }),
);

export const SCALES: ReadonlyMap<string, number> = new Map(
  Object.entries({
    thousand: 1e3,
    million: 1e6,
    billion: 1e9,
    trillion: 1e12,
    mn: 1e6,
    mln: 1e6,
    bn: 1e9,
    k: 1e3,
  }),
);

/** Glued scale letters ('$2.5M', '$3bn'); 'm' alone means million only after a currency symbol. */
export const CURRENCY_SUFFIX_SCALES: ReadonlyMap<string, number> = new Map(
  Object.entries({ m: 1e6, b: 1e9, bn: 1e9, k: 1e3, t: 1e12 }),
);

export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    zero: 0,
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
    thirteen: 13,
    fourteen: 14,
    fifteen: 15,
    sixteen: 16,
    seventeen: 17,
    eighteen: 18,
    nineteen: 19,
    twenty: 20,
    thirty: 30,
    forty: 40,
    fifty: 50,
    sixty: 60,
    seventy: 70,
    eighty: 80,
    ninety: 90,
    hundred: 100,
    dozen: 12,
  }),
);

export const ORDINAL_WORDS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    first: 1,
    second: 2,
    third: 3,
    fourth: 4,
    fifth: 5,
    sixth: 6,
    seventh: 7,
    eighth: 8,
    ninth: 9,
    tenth: 10,
    eleventh: 11,
    twelfth: 12,
    thirteenth: 13,
    fourteenth: 14,
    fifteenth: 15,
    sixteenth: 16,
    seventeenth: 17,
    eighteenth: 18,
    nineteenth: 19,
    twentieth: 20,
  }),
);

export const MONTHS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    january: 1,
    jan: 1,
    february: 2,
    feb: 2,
    march: 3,
    mar: 3,
    april: 4,
    apr: 4,
    may: 5,
    june: 6,
    jun: 6,
    july: 7,
    jul: 7,
    august: 8,
    aug: 8,
    september: 9,
    sep: 9,
    sept: 9,
    october: 10,
    oct: 10,
    november: 11,
    nov: 11,
    december: 12,
    dec: 12,
  }),
);

export const WEEKDAYS: ReadonlySet<string> = new Set([
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
]);

export type Qualifier = 'approx' | 'lower' | 'upper';

/** Words before a number that make it approximate or a bound; longest phrases first. */
export const QUALIFIERS: ReadonlyArray<readonly [string, Qualifier]> = [
  ['in excess of', 'lower'],
  ['upwards of', 'lower'],
  ['no more than', 'upper'],
  ['not more than', 'upper'],
  ['more than', 'lower'],
  ['greater than', 'lower'],
  ['at least', 'lower'],
  ['less than', 'upper'],
  ['fewer than', 'upper'],
  ['at most', 'upper'],
  ['up to', 'upper'],
  ['close to', 'approx'],
  ['just over', 'approx'],
  ['just under', 'approx'],
  ['an estimated', 'approx'],
  ['over', 'lower'],
  ['above', 'lower'],
  ['exceeding', 'lower'],
  ['under', 'upper'],
  ['below', 'upper'],
  ['about', 'approx'],
  ['around', 'approx'],
  ['approximately', 'approx'],
  ['approx', 'approx'],
  ['roughly', 'approx'],
  ['nearly', 'approx'],
  ['almost', 'approx'],
  ['some', 'approx'],
  ['circa', 'approx'],
  ['ca', 'approx'],
  ['c', 'approx'],
  ['estimated', 'approx'],
  ['~', 'approx'],
  ['≈', 'approx'],
];

/** Words before a year that make it a bound ('since 1913', 'before 1990'). */
export const YEAR_QUALIFIERS: ReadonlyArray<readonly [string, Qualifier]> = [
  ['prior to', 'upper'],
  ['before', 'upper'],
  ['until', 'upper'],
  ['till', 'upper'],
  ['after', 'lower'],
  ['since', 'lower'],
  ...QUALIFIERS.filter(([, qualifier]) => qualifier === 'approx'),
];
