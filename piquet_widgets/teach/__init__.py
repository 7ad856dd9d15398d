"""Words: events and states of the engine turned into explanations a learner can follow."""
