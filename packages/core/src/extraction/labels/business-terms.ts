/**
 * E-invoice views print a business term's id beside its label ("Seller postal address (BT-35)",
 * "Item name (BT-153)", EN 16931's numbering): the id is no word of the label.
 */
export const withoutTermIds = (label: string): string => label.replace(/\(?\bBT-\d+\)?/giu, ' ');
