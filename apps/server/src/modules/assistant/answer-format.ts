/** How the assistant writes figures: "1,234", "$1,250", "92.4%", "3 buildings". */
const wholeFormat = new Intl.NumberFormat("en-US");
const usdFormat = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export const whole = (n: number) => wholeFormat.format(n);
export const usd = (n: number) => usdFormat.format(n);
export const percent = (part: number, total: number) => (total === 0 ? "no" : `${((part / total) * 100).toFixed(1)}%`);
export const plural = (n: number, one: string, many = `${one}s`) => `${whole(n)} ${n === 1 ? one : many}`;
