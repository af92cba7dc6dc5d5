// Dates and counts in the app's language (decision 018): one implementation, in lib/format.
export { formatCount, formatIsoDate } from '../../lib/format';
