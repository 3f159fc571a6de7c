/** Transitional: the evidence reader now sits beside the writer (main/tools/execute/evidence-reader.ts). */
export * from '../../tools/execute/evidence-reader'
