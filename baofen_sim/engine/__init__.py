"""What every game's engine shares above the kernels: the play of a hand's tricks through the policy dispatchers
(`tricks`). Each game's own flow (deal, auction or declaring, bury, tricks, score) is `games/<game>/engine/`."""
