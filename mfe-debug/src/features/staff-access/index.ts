// The staff gate, for the route table (src/app composes it; features never import each other).
export { StaffGate, staffOnly } from './components/StaffGate';
export { StaffOnlyPage } from './components/StaffOnlyPage';
