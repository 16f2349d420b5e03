// Issue 25: the customer's depot statements as they cross the wire (GET and POST /deposits/statements): the
// number, the kind and period, when it was issued and the commerce path of its stored PDF.
import Type, { type Static } from 'typebox';

const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

export const DepotStatement = Type.Object({
  id: Type.String({ format: 'uuid' }),
  /** DA-DE-2026-000001 */
  number: Type.String(),
  /** half_year (1 Jan - 30 Jun, 1 Jul - 31 Dec), year (1 Jan - 31 Dec), on_demand (1 Jan until the day of issue) */
  periodKind: Type.Union([Type.Literal('half_year'), Type.Literal('year'), Type.Literal('on_demand')]),
  periodFrom: IsoDate,
  periodTo: IsoDate,
  issuedAt: IsoTimestamp,
  /** the commerce path of its PDF: GET /deposits/statements/{id} */
  url: Type.String(),
});
export type DepotStatement = Static<typeof DepotStatement>;

export const DepotStatementsResponse = Type.Object({ results: Type.Array(DepotStatement) });
export type DepotStatementsResponse = Static<typeof DepotStatementsResponse>;

export const DepotStatementParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
