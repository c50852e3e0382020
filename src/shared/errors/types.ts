export type { ErrorCode, ErrorParams, ErrorParamsArg } from './constants';
export type { Coded, CodedError, FieldProblem } from './coded';
