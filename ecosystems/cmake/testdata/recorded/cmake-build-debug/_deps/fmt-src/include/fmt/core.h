// fmt (recorded: the fetched sources are not part of the fixture)
