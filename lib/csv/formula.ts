// What papaparse's escapeFormulae defuses in every export of Marketside.

/** A cell a spreadsheet would run as a formula; a plain signed number ("-0.00118") is not one. */
export const FORMULA = /^(?![-+]\d+(\.\d+)?$)[=+\-@\t\r]/;
