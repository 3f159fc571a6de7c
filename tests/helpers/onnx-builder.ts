/**
 * A tiny ONNX graph builder for tests: encodes a ModelProto with onnx-proto so tests can make models with the exact
 * input/output signatures of each family, built from simple operators whose outputs are known functions of the
 * input. Opset 17, IR version 8.
 */
import fs from 'node:fs'
import onnxProto, { type onnx as OnnxTypes } from 'onnx-proto'

const { onnx } = onnxProto

type ElemType = 'float32' | 'int64' | 'int32' | 'bool'
const ELEM: Record<ElemType, number> = { float32: 1, int32: 6, int64: 7, bool: 9 }

type AttrValue = number | number[] | string | { tensor: OnnxTypes.ITensorProto } | { floats: number[] } | { float: number }

function attribute(name: string, v: AttrValue): OnnxTypes.IAttributeProto {
  const T = onnx.AttributeProto.AttributeType
  if (typeof v === 'string') return { name, type: T.STRING, s: new TextEncoder().encode(v) }
  if (typeof v === 'number') return { name, type: T.INT, i: v }
  if (Array.isArray(v)) return { name, type: T.INTS, ints: v }
  if ('tensor' in v) return { name, type: T.TENSOR, t: v.tensor }
  if ('float' in v) return { name, type: T.FLOAT, f: v.float }
  return { name, type: T.FLOATS, floats: v.floats }
}

function valueInfo(name: string, type: ElemType, dims: (number | string)[]): OnnxTypes.IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType: ELEM[type],
        shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) },
      },
    },
  }
}

export function tensorProto(name: string, data: Float32Array | number[] | BigInt64Array, dims: number[], type: ElemType = 'float32'): OnnxTypes.ITensorProto {
  const t: OnnxTypes.ITensorProto = { name, dims, dataType: ELEM[type] }
  if (type === 'float32') t.floatData = Array.from(data as ArrayLike<number>)
  else if (type === 'int64') t.int64Data = Array.from(data as ArrayLike<number | bigint>, (x) => Number(x))
  else t.int32Data = Array.from(data as ArrayLike<number>, (x) => Number(x))
  return t
}

export class OnnxGraph {
  private nodes: OnnxTypes.INodeProto[] = []
  private inits: OnnxTypes.ITensorProto[] = []
  private inputs: OnnxTypes.IValueInfoProto[] = []
  private outputs: OnnxTypes.IValueInfoProto[] = []
  private n = 0

  input(name: string, type: ElemType, dims: (number | string)[]): string {
    this.inputs.push(valueInfo(name, type, dims))
    return name
  }

  /** A constant tensor (as an initializer); returns its name. */
  constant(data: Float32Array | number[] | BigInt64Array, dims: number[], type: ElemType = 'float32'): string {
    const name = `c${this.n++}`
    this.inits.push(tensorProto(name, data, dims, type))
    return name
  }

  /** Add a node; returns the name of its (first) output, or `out` when given. */
  op(opType: string, inputs: string[], attrs: Record<string, AttrValue> = {}, out?: string | string[]): string {
    const outs = Array.isArray(out) ? out : [out ?? `t${this.n++}`]
    this.nodes.push({ opType, input: inputs, output: outs, name: `n${this.n++}`, attribute: Object.entries(attrs).map(([k, v]) => attribute(k, v)) })
    return outs[0]
  }

  /** Rename a value to a graph output name (through Identity) and declare it. */
  output(value: string, name: string, type: ElemType, dims: (number | string)[]): void {
    this.op('Identity', [value], {}, name)
    this.outputs.push(valueInfo(name, type, dims))
  }

  bytes(metadata: Record<string, string> = {}): Uint8Array {
    const model: OnnxTypes.IModelProto = {
      irVersion: 8,
      producerName: 'rsure-tests',
      opsetImport: [{ domain: '', version: 17 }],
      graph: { name: 'tiny', node: this.nodes, initializer: this.inits, input: this.inputs, output: this.outputs },
      metadataProps: Object.entries(metadata).map(([key, value]) => ({ key, value })),
    }
    return onnx.ModelProto.encode(model).finish()
  }

  save(file: string, metadata?: Record<string, string>): string {
    fs.writeFileSync(file, this.bytes(metadata))
    return file
  }
}
