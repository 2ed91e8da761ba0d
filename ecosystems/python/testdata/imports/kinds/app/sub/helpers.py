# A module named like a distribution's top-level package, inside the
# project's own package: the absolute import of yaml is still PyYAML's.
import yaml
