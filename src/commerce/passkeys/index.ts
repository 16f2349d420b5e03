// The passkeys feature's door (issue 26): housekeeping purges the spent ceremonies.
export { purgeChallenges } from './repository.ts';
