import { CURRENCIES } from "../../../db/enums";

/** One <option> per currency the platform records money in (db/enums CURRENCIES), for a currency <select>. */
export function CurrencyOptions() {
  return CURRENCIES.map((c) => (
    <option key={c} value={c}>
      {c}
    </option>
  ));
}
