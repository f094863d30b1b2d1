"""setup.py — builds the trainplan extension with the repository's CMake (target _trainplan) and packages it.

An already configured native build (build/native, `cmake --preset native`) is reused, so the engine's objects
compile once; otherwise a build of its own goes to build/python-package. TRAINPLAN_BUILD_DIR overrides both.
"""
import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def build_dir():
    if os.environ.get("TRAINPLAN_BUILD_DIR"):
        return os.environ["TRAINPLAN_BUILD_DIR"]
    native = os.path.join(ROOT, "build", "native")
    if os.path.exists(os.path.join(native, "CMakeCache.txt")):
        return native
    return os.path.join(ROOT, "build", "python-package")


class BuildWithCMake(build_py):
    def run(self):
        out = build_dir()
        if not os.path.exists(os.path.join(out, "CMakeCache.txt")):
            subprocess.check_call(["cmake", "-S", ROOT, "-B", out, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                                   "-DTRAINPLAN_GUI=OFF"])
        subprocess.check_call(["cmake", "--build", out, "--target", "_trainplan"])
        super().run()
        target = os.path.join(self.build_lib, "trainplan")
        os.makedirs(target, exist_ok=True)
        built = os.path.join(out, "python", "trainplan")
        for name in os.listdir(built):
            if name.startswith("_trainplan") and name.endswith(".so"):
                shutil.copy2(os.path.join(built, name), target)


setup(packages=["trainplan"], cmdclass={"build_py": BuildWithCMake})
