"""Analysis of run outputs, whatever the game: what an output directory holds (`runs`, `run_status`), interval
estimates (`stats`), paired metrics (`metric`), the columns derived from a hand table (`columns`), numbers as text
(`text`) and plots (`plot`). Each game's report and comparisons are its own (`games/<game>/report`)."""
