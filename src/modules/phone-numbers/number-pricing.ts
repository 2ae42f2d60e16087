/** What a number bought here costs a month, in micro-USD: a price per country, else the default. */
export interface NumberPrices {
  defaultMicros: number;
  byCountry: Readonly<Record<string, number>>;
}

/**
 * PHONE_NUMBER_COUNTRY_PRICES_MICROS: `GB=4990000,AU=6990000` (config.ts checks its form).
 * Country codes are upper-cased; a country given twice keeps its last price.
 */
export function parseCountryPrices(text: string | undefined): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const entry of (text ?? '').split(',')) {
    const [country, micros] = entry.split('=').map((part) => part.trim());
    if (country && micros) prices[country.toUpperCase()] = Number(micros);
  }
  return prices;
}

export function monthlyPriceMicros(prices: NumberPrices, countryCode: string): number {
  return prices.byCountry[countryCode.toUpperCase()] ?? prices.defaultMicros;
}
