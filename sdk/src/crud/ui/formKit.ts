/** The form half of the kit, one lazy chunk: the generated form page and its field widgets. */
export { FormPage } from './FormPage';
export { RelationSelect } from './RelationSelect';
export { DateRange } from './DateRange';
