"""What needs search or numpy: the open-hand trick solver, the exchange advisor, the computer players."""
