/** The execute DAG's shape: owned by the domain layer (main/domain/dag.ts); kept here for old imports. */
export * from '../../domain/dag'
