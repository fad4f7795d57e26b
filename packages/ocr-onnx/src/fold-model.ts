/**
 * PP-OCRv4's models as exported (paddle2onnx, PPLCNetV3 backbones) spend most of their CPU on
 * element-wise operations, not on convolutions: after each convolution a learnable affine block
 * (x·a + b, two scalars), a hard-swish written out as four operations (x·clip(x + 3, 0, 6) / 6) and
 * another affine block, each pass over the whole feature map. onnxruntime fuses none of them: its
 * Conv+Mul fusion wants the constant as the Mul's second input and per-channel, paddle2onnx writes
 * it first and as one value, and opsets 9 and 11 have no HardSwish. This rewrites the graph once
 * when the model is loaded, with the same arithmetic:
 * - Conv → ·a → +b becomes one Conv (weights ·a, bias ·a + b);
 * - x + 3 → clip(0, 6) → ·x → /6 becomes x · HardSigmoid(x; 1/6, 1/2), which onnxruntime then
 *   fuses into the convolution before it;
 * - ·c → +d → Conv becomes one Conv (weights ·c, bias + d·Σweights) when the Conv pads nothing;
 *   with padding (whose zeros d would not reach) it becomes +d/c → Conv with weights ·c.
 * The outputs match the original's to about 1e-6.
 */
import {
  attributes,
  editGraph,
  floatOf,
  intsOf,
  rebuildNode,
  setInputs,
  setOutputs,
  writeTensor,
  type Graph,
  type Node,
} from './onnx-graph.js';
export function foldModel(model: Uint8Array): Uint8Array {
  return editGraph(model, (graph) => {
    foldAffineIntoConv(graph);
    foldHardSwish(graph);
    foldAffineBeforeConv(graph);
  });
}

/** Conv → ·a → +b: weights ·a, bias ·a + b. */
function foldAffineIntoConv(graph: Graph): void {
  for (const conv of graph.nodes) {
    if (conv.dead || conv.op !== 'Conv') continue;
    const parameters = graph.convParameters(conv);
    const mul = graph.soleConsumer(conv.outputs[0]!);
    if (!parameters || mul?.op !== 'Mul') continue;
    const scale = graph.scalarOperand(mul);
    if (!scale) continue;
    const add = graph.soleConsumer(mul.outputs[0]!);
    const shift = add?.op === 'Add' ? graph.scalarOperand(add) : undefined;
    const { weights, bias } = parameters;
    writeTensor(
      weights.node,
      weights.dims,
      weights.data.map((w) => w * scale.value),
    );
    writeTensor(
      bias.node,
      bias.dims,
      bias.data.map((b) => b * scale.value + (shift?.value ?? 0)),
    );
    const last = shift ? add! : mul;
    setOutputs(conv, [last.outputs[0]!]);
    mul.dead = true;
    if (shift) add!.dead = true;
  }
  graph.reindex();
}

/** x + 3 → clip(0, 6) → ·x → /6: x · HardSigmoid(x) with alpha 1/6, beta 1/2. */
function foldHardSwish(graph: Graph): void {
  for (const add of graph.nodes) {
    if (add.dead || add.op !== 'Add') continue;
    const three = graph.scalarOperand(add);
    if (three?.value !== 3) continue;
    const x = three.other;
    const clip = graph.soleConsumer(add.outputs[0]!);
    if (clip?.op !== 'Clip' || !clipsTo(graph, clip, 0, 6)) continue;
    const mul = graph.soleConsumer(clip.outputs[0]!);
    if (mul?.op !== 'Mul' || !mul.inputs.includes(x)) continue;
    const div = graph.soleConsumer(mul.outputs[0]!);
    const six = div?.op === 'Div' && div.inputs[0] === mul.outputs[0] ? graph.scalarOperand(div) : undefined;
    if (six?.value !== 6) continue;
    rebuildNode(add, 'HardSigmoid', [x], [clip.outputs[0]!], { alpha: 1 / 6, beta: 0.5 });
    clip.dead = true;
    div!.dead = true;
    setOutputs(mul, [div!.outputs[0]!]);
  }
  graph.reindex();
}

/** Opset 9 gives a Clip's bounds as attributes, opset 11 as constant inputs. */
function clipsTo(graph: Graph, clip: Node, min: number, max: number): boolean {
  if (clip.inputs.length === 3) {
    return graph.constant(clip.inputs[1]!)?.data[0] === min && graph.constant(clip.inputs[2]!)?.data[0] === max;
  }
  const bounds = attributes(clip);
  return floatOf(bounds.get('min')) === min && floatOf(bounds.get('max')) === max;
}

/** ·c → +d → Conv: into the Conv where it pads nothing, else +d/c → Conv with weights ·c. */
function foldAffineBeforeConv(graph: Graph): void {
  for (const mul of graph.nodes) {
    if (mul.dead || mul.op !== 'Mul') continue;
    const scale = graph.scalarOperand(mul);
    if (!scale || scale.value === 0) continue;
    const add = graph.soleConsumer(mul.outputs[0]!);
    const shift = add?.op === 'Add' ? graph.scalarOperand(add) : undefined;
    if (!shift) continue;
    const conv = graph.soleConsumer(add!.outputs[0]!);
    const parameters = conv && conv.inputs[0] === add!.outputs[0] && graph.convParameters(conv);
    if (!parameters) continue;
    const convAttributes = attributes(conv);
    if (convAttributes.has('auto_pad')) continue;
    const pads = intsOf(convAttributes.get('pads') ?? []);
    const { weights, bias } = parameters;
    if (pads.every((p) => p === 0)) {
      const perOutput = weights.data.length / weights.dims[0]!;
      const sums = bias.data.map((_, o) =>
        weights.data.subarray(o * perOutput, (o + 1) * perOutput).reduce((s, w) => s + w, 0),
      );
      writeTensor(
        bias.node,
        bias.dims,
        bias.data.map((b, o) => b + shift.value * sums[o]!),
      );
      setInputs(conv, [scale.other, ...conv.inputs.slice(1)]);
      add!.dead = true;
    } else {
      const constant = graph.constant(shift.constant)!;
      writeTensor(constant.node, constant.dims, Float32Array.of(shift.value / scale.value));
      setInputs(add!, [scale.other, shift.constant]);
    }
    writeTensor(
      weights.node,
      weights.dims,
      weights.data.map((w) => w * scale.value),
    );
    mul.dead = true;
  }
  graph.reindex();
}
