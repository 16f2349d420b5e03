// The carriers live in src/contracts/carriers.ts (issue 24: the back office offers the same list).
export { carriers, tracking, type Carrier } from '../../contracts/carriers.ts';
