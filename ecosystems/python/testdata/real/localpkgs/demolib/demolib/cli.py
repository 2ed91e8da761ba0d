from demolib import load


def main():
    print(load("greeting: hello")["greeting"])
