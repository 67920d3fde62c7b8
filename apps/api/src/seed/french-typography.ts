/**
 * French typography for the demo's French texts: a no-break space before the high signs (: ; ? !), inside
 * « guillemets », between a number and its unit or the next group of digits ("3 840 W", "30 mA", "80 %",
 * "25 $"), so a line never starts with a colon or a unit. The texts stay readable in the source with plain spaces.
 */
export function frenchSpaces(text: string): string {
  return text
    .replace(/ (?=[:;?!»%$¢])/g, '\u00a0')
    .replace(/« /g, '«\u00a0')
    .replace(/(\d) (?=[\dA-Za-zµΩ°])/g, '$1\u00a0');
}
