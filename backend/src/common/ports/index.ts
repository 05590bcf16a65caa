export { InsurerGrants } from './insurer-grants';
