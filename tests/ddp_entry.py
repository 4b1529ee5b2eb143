"""seq2seq-train for the DDP tests, with the encoder's CUDA path (packed sequences) forced on CPU when
SEQ2SEQ_TEST_PACKED=1: packing is the part of an RNN that is known to trip data parallelism."""
import os

from seq2seq.model.encoder import Encoder

if os.environ.get("SEQ2SEQ_TEST_PACKED") == "1":
    Encoder._looped = Encoder._packed

from seq2seq.cli import train_main  # noqa: E402

if __name__ == "__main__":
    train_main()
