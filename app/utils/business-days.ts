const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The moment `days` business days after `from`: Saturdays and Sundays (in UTC, where every date
 * of ours lives) are skipped, the time of day is kept. A start on a weekend counts from the Monday
 * after, so two days from a Saturday noon is Tuesday noon. Public holidays differ by country and are
 * not counted (decision 056).
 */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  const weekend = (t: number) => {
    const day = new Date(t).getUTCDay();
    return day === 0 || day === 6;
  };
  while (weekend(at)) at += DAY_MS;
  let left = Math.max(0, Math.floor(days));
  while (left > 0) {
    at += DAY_MS;
    if (!weekend(at)) left--;
  }
  // A weekend start moved to Monday at the same time of day; the clock starts from there.
  return new Date(at);
}
